import type { Locale } from '@sil/contract';

/** Texts of the SMS and e-mails the auth service sends, in the user's language. */
const texts = {
  fr: {
    otp: (code: string) => `Votre code de connexion : ${code}. Il expire dans 5 minutes.`,
    resetSubject: 'Réinitialisation de votre mot de passe',
    reset: (link: string) =>
      `Bonjour,\n\nPour choisir un nouveau mot de passe, ouvrez ce lien (valable une heure) :\n${link}\n\nSi vous n'êtes pas à l'origine de cette demande, ignorez ce message.`,
    invitationSubject: 'Votre compte a été créé',
    invitation: (name: string, link: string) =>
      `Bonjour ${name},\n\nUn compte a été créé pour vous. Choisissez votre mot de passe avec ce lien (valable 7 jours) :\n${link}`,
    verifyEmailSubject: 'Vérification de votre adresse e-mail',
    verifyEmail: (link: string) => `Bonjour,\n\nConfirmez votre adresse e-mail en ouvrant ce lien :\n${link}`,
    verifyPhone: (link: string) => `Confirmez votre numéro de mobile : ${link}`,
    testPushTitle: 'SIL : notification de test',
    testPushBody: 'Les notifications push fonctionnent sur ce navigateur.',
  },
  en: {
    otp: (code: string) => `Your login code: ${code}. It expires in 5 minutes.`,
    resetSubject: 'Reset your password',
    reset: (link: string) =>
      `Hello,\n\nTo choose a new password, open this link (valid for one hour):\n${link}\n\nIf you did not ask for this, ignore this message.`,
    invitationSubject: 'Your account has been created',
    invitation: (name: string, link: string) =>
      `Hello ${name},\n\nAn account has been created for you. Choose your password with this link (valid for 7 days):\n${link}`,
    verifyEmailSubject: 'Verify your e-mail address',
    verifyEmail: (link: string) => `Hello,\n\nConfirm your e-mail address by opening this link:\n${link}`,
    verifyPhone: (link: string) => `Confirm your mobile number: ${link}`,
    testPushTitle: 'SIL: test notification',
    testPushBody: 'Push notifications work on this browser.',
  },
} as const;

export const messagesFor = (locale: Locale | undefined) => texts[locale ?? 'fr'];
