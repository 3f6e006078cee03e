import { Badge, Button, Card, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import type { AgentEnrolment, AgentRow, AgentState } from '@sil/contract';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { formatDateTime } from '../../lib/format/dates';
import { useTableRights } from '../../lib/table/rights';
import { useAddAgent, useAgents, useRevokeAgent, useRotateAgentCredential } from './api';
import { EnrolmentCode } from './enrolment-code';

const STATE_COLORS: Record<AgentState, string> = { pending: 'yellow', active: 'teal', revoked: 'gray' };

/** The laboratory's agents: declared by an administrator, enrolled with a code shown once. */
export function AgentsPage() {
  const { t, i18n } = useTranslation('analysers');
  const { t: tMain } = useTranslation();
  const rights = useTableRights('admin_machines');
  const { data } = useAgents();
  const [declaring, setDeclaring] = useState(false);
  const [enrolment, setEnrolment] = useState<AgentEnrolment | null>(null);
  const [revoking, setRevoking] = useState<AgentRow | null>(null);
  const rotate = useRotateAgentCredential();
  const revoke = useRevokeAgent();
  const agents = data?.agents ?? [];

  return (
    <>
      <PageHeader
        title={tMain('title.agents')}
        subtitle={t('agents.subtitle')}
        actions={
          rights.edit ? (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setDeclaring(true)}>
              {t('agents.declare')}
            </Button>
          ) : null
        }
      />
      {agents.length === 0 && data ? <Text c="dimmed">{t('agents.none')}</Text> : null}
      <Stack gap="sm">
        {agents.map((agent) => (
          <Card key={agent.agent_id} withBorder padding="md" data-agent={agent.agent_name}>
            <Group justify="space-between" align="flex-start" wrap="wrap">
              <div>
                <Group gap="xs">
                  <Text fw={600}>{agent.agent_name}</Text>
                  <Badge color={STATE_COLORS[agent.agent_state]} variant="light">
                    {t(`agents.states.${agent.agent_state}`)}
                  </Badge>
                </Group>
                <Text size="sm" c="dimmed">
                  {agent.agent_last_seen_at
                    ? t('agents.last_seen', { when: formatDateTime(agent.agent_last_seen_at, i18n.language) })
                    : t('agents.never_seen')}
                  {agent.agent_host ? ` · ${agent.agent_host}` : ''}
                  {agent.agent_version ? ` · ${t('agents.version', { version: agent.agent_version })}` : ''}
                </Text>
                {agent.agent_state === 'pending' && agent.agent_enrolment_expires_at ? (
                  <Text size="sm" c="dimmed">
                    {t('agents.code_expires', {
                      when: formatDateTime(agent.agent_enrolment_expires_at, i18n.language),
                    })}
                  </Text>
                ) : null}
                <Text size="sm">
                  {agent.agent_analysers.length > 0
                    ? t('agents.serves', {
                        names: agent.agent_analysers.map((a) => a.machine_name).join(', '),
                      })
                    : t('agents.serves_none')}
                </Text>
              </div>
              {agent.agent_state !== 'revoked' ? (
                <Group gap="xs">
                  {rights.edit ? (
                    <Button
                      variant="default"
                      size="xs"
                      loading={rotate.isPending && rotate.variables?.agent_id === agent.agent_id}
                      onClick={() =>
                        rotate.mutate(
                          { agent_id: agent.agent_id, agent_last_updated: agent.agent_last_updated },
                          { onSuccess: setEnrolment },
                        )
                      }
                    >
                      {t('agents.rotate')}
                    </Button>
                  ) : null}
                  {rights.remove ? (
                    <Button variant="light" color="red" size="xs" onClick={() => setRevoking(agent)}>
                      {t('agents.revoke')}
                    </Button>
                  ) : null}
                </Group>
              ) : null}
            </Group>
          </Card>
        ))}
      </Stack>
      <DeclareAgent
        opened={declaring}
        onClose={() => setDeclaring(false)}
        onDeclared={(answer) => {
          setDeclaring(false);
          setEnrolment(answer);
        }}
      />
      <Modal
        opened={enrolment !== null}
        onClose={() => setEnrolment(null)}
        title={t('enrolment.title')}
        centered
      >
        {enrolment ? <EnrolmentCode enrolment={enrolment} onDone={() => setEnrolment(null)} /> : null}
      </Modal>
      <Modal
        opened={revoking !== null}
        onClose={() => setRevoking(null)}
        title={t('agents.revoke_title')}
        centered
      >
        <Text size="sm" mb="lg">
          {t('agents.revoke_text', { name: revoking?.agent_name ?? '' })}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setRevoking(null)}>
            {t('actions.cancel')}
          </Button>
          <Button
            color="red"
            loading={revoke.isPending}
            onClick={() =>
              revoking &&
              revoke.mutate(
                { agent_id: revoking.agent_id, agent_last_updated: revoking.agent_last_updated },
                { onSuccess: () => setRevoking(null) },
              )
            }
          >
            {t('agents.revoke')}
          </Button>
        </Group>
      </Modal>
    </>
  );
}

function DeclareAgent({
  opened,
  onClose,
  onDeclared,
}: {
  opened: boolean;
  onClose: () => void;
  onDeclared: (enrolment: AgentEnrolment) => void;
}) {
  const { t } = useTranslation('analysers');
  const [name, setName] = useState('');
  const add = useAddAgent();
  const submit = () => {
    if (name.trim() === '') return;
    add.mutate(name.trim(), {
      onSuccess: (answer) => {
        setName('');
        onDeclared(answer);
      },
    });
  };
  return (
    <Modal opened={opened} onClose={onClose} title={t('agents.declare')} centered>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <TextInput
          label={t('agents.name')}
          description={t('agents.name_hint')}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          data-autofocus
          required
        />
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={onClose}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" loading={add.isPending} disabled={name.trim() === ''}>
            {t('agents.declare_submit')}
          </Button>
        </Group>
      </form>
    </Modal>
  );
}
