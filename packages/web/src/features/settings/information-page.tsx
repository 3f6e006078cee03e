import { Accordion, Anchor, Badge, Card, Group, List, Stack, Table, Text, Title } from '@mantine/core';
import {
  ADMIN_KEYS,
  type InformationSection,
  SPECIAL_RIGHTS,
  type UserData,
  type WebLocale,
} from '@sil/contract';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { useLaboratoryInformation, useUserData } from './api';
import { ExchangeDestinationCard } from './exchange-destination-card';
import { LaboratoryIdentityCard } from './laboratory-identity-card';
import { SecureMessagingCard } from './secure-messaging-card';
import { type SettingsPageLink, SettingsSections } from './settings-sections';

/** The current user page (spec.md §2 'Settings'): who is logged in, for which laboratory, with which rights. */
function CurrentUserCard({ user }: { user: UserData }) {
  const { t } = useTranslation('settings');
  const { t: tTables } = useTranslation('tables');
  const granted = ADMIN_KEYS.filter((key) => user.rights[key] > 0);
  const special = SPECIAL_RIGHTS.filter((key) => user.rights[key]);
  return (
    <Card withBorder radius="md" padding="lg" maw={720} mb="lg" data-card="current-user">
      <Title order={2} fz="h4" mb="md">
        {t('information.user_heading')}
      </Title>
      <Stack gap="xs">
        <Text fw={600}>{user.user_name}</Text>
        <Text size="sm">{user.user_email}</Text>
        <Group gap="xs">
          <Text size="sm" c="dimmed">
            {t('information.user_type')}
          </Text>
          <Badge variant="light">{t(`information.type_${user.user_type}`)}</Badge>
        </Group>
        <Group gap="xs">
          <Text size="sm" c="dimmed">
            {t('information.laboratory')}
          </Text>
          <Text size="sm">{user.laboratory_name}</Text>
        </Group>
        {granted.length ? (
          <Table.ScrollContainer minWidth={280}>
            <Table withRowBorders={false} verticalSpacing={2}>
              <Table.Tbody>
                {granted.map((key) => (
                  <Table.Tr key={key}>
                    <Table.Td>{tTables(`users.keys.${key}`)}</Table.Td>
                    <Table.Td>{tTables(`users.levels.${user.rights[key]}`)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : null}
        <Group gap="xs">
          <Text size="sm" c="dimmed">
            {t('information.special_rights')}
          </Text>
          {special.length
            ? special.map((key) => (
                <Badge key={key} variant="outline">
                  {tTables(`users.special.${key}`)}
                </Badge>
              ))
            : t('information.no_special_rights')}
        </Group>
      </Stack>
    </Card>
  );
}

/**
 * The scope of the laboratory's accreditation (spec.md §2 'Settings', Info): how many of its analyses
 * are accredited. Its identity, as the reports print it, is the card above (edited by an administrator).
 */
function AccreditationCard() {
  const { t } = useTranslation('settings');
  const lab = useLaboratoryInformation().data;
  if (!lab) return null;
  return (
    <Card withBorder radius="md" padding="lg" maw={720} mb="lg" data-card="laboratory">
      <Title order={2} fz="h4" mb="md">
        {t('information.lab_heading')}
      </Title>
      <Text size="sm">{lab.accreditation ?? t('information.no_accreditation')}</Text>
      <List size="sm" mt="xs">
        <List.Item>
          {t('information.accredited_15189', { count: lab.analyses_accredited_15189, total: lab.analyses })}
        </List.Item>
        <List.Item>
          {t('information.accredited_17025', { count: lab.analyses_accredited_17025, total: lab.analyses })}
        </List.Item>
      </List>
    </Card>
  );
}

const FAQ = [1, 2, 3, 4] as const;
const TUTORIALS = [
  {
    key: 'tutorial_records',
    href: 'https://sante.gouv.fr/soins-et-maladies/qualite-des-soins-et-pratiques/',
  },
  { key: 'tutorial_results', href: 'https://www.has-sante.fr/' },
  {
    key: 'tutorial_security',
    href: 'https://industriels.esante.gouv.fr/produits-et-services/pro-sante-connect',
  },
] as const;

/** Help (spec.md §2 'Settings'): FAQ, online tutorials, contact. */
function HelpCard({ contact }: { contact: string | null }) {
  const { t } = useTranslation('settings');
  return (
    <Card withBorder radius="md" padding="lg" maw={720} mb="lg" data-card="help">
      <Title order={2} fz="h4" mb="md">
        {t('information.help_heading')}
      </Title>
      <Title order={3} fz="h5" mb="xs">
        {t('information.faq')}
      </Title>
      <Accordion variant="separated" mb="md">
        {FAQ.map((n) => (
          <Accordion.Item key={n} value={`q${n}`}>
            <Accordion.Control>{t(`information.faq_q${n}`)}</Accordion.Control>
            <Accordion.Panel>{t(`information.faq_a${n}`)}</Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
      <Title order={3} fz="h5" mb="xs">
        {t('information.tutorials')}
      </Title>
      <List size="sm" mb="md">
        {TUTORIALS.map((tutorial) => (
          <List.Item key={tutorial.key}>
            <Anchor href={tutorial.href} target="_blank" rel="noreferrer">
              {t(`information.${tutorial.key}`)}
            </Anchor>
          </List.Item>
        ))}
      </List>
      <Title order={3} fz="h5" mb="xs">
        {t('information.contact')}
      </Title>
      <Text size="sm">
        {t('information.contact_text')}{' '}
        {contact ? (
          <Anchor href={`tel:${contact}`} underline="always">
            {contact}
          </Anchor>
        ) : null}{' '}
        <Anchor href="mailto:support@sil.example" underline="always">
          support@sil.example
        </Anchor>
      </Text>
    </Card>
  );
}

/** The information pages: all of it, and the current user and help on pages of their own. */
const PAGES: readonly SettingsPageLink[] = [
  { route: 'information', title: 'information_settings' },
  { route: 'information', section: 'current-user', title: 'current_user' },
  { route: 'information', section: 'help', title: 'help_settings' },
];

/**
 * Information (spec.md §2 route 'information'): current user, the laboratory's identity, where its
 * results are sent and its secure messaging relay, its accreditations, help. The current user and
 * help also have their own page, with its title and tab title (information/current-user,
 * information/help).
 */
export function InformationPage({ locale, section }: { locale: WebLocale; section?: InformationSection }) {
  const { t } = useTranslation();
  const user = useUserData();
  const lab = useLaboratoryInformation();
  const title = PAGES.find((page) => page.section === section)?.title ?? 'information_settings';
  const whole = section === undefined;
  return (
    <>
      <PageHeader title={t(`title.${title}`)} />
      <SettingsSections locale={locale} pages={PAGES} current={section} />
      {user.data && section !== 'help' ? <CurrentUserCard user={user.data} /> : null}
      {whole ? (
        <>
          <LaboratoryIdentityCard />
          <ExchangeDestinationCard />
          <SecureMessagingCard />
          <AccreditationCard />
        </>
      ) : null}
      {section !== 'current-user' ? <HelpCard contact={lab.data?.phone ?? null} /> : null}
    </>
  );
}
