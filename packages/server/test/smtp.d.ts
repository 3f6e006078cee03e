export interface ReceivedMail {
    to: string[];
    raw: string;
}
/** A real SMTP server on a free local port that keeps what it receives. */
export declare function startSmtpServer(): Promise<{
    url: string;
    inbox: ReceivedMail[];
    stop(): Promise<void>;
}>;
/** The link of a message, whatever the line folding of quoted-printable did to it. */
export declare function linkIn(mail: ReceivedMail | undefined, page: string): string;
