import { Badge, type BadgeProps } from '@mantine/core';
import type { AnalyserLinkState } from '@sil/contract';
import { useTranslation } from 'react-i18next';

export type LinkWord = 'connected' | 'listening' | 'disconnected';

/**
 * What a link is in one word: connected to the analyser; listening (the agent's TCP server is open,
 * the analyser has not connected yet); or not connected.
 */
export function linkWordOf(state: Pick<AnalyserLinkState, 'connected' | 'listening'>): LinkWord {
  if (state.connected) return 'connected';
  return state.listening ? 'listening' : 'disconnected';
}

const COLORS: Record<LinkWord, string> = { connected: 'teal', listening: 'blue', disconnected: 'red' };

export function LinkBadge({
  state,
  size,
}: {
  state: Pick<AnalyserLinkState, 'connected' | 'listening'>;
  size?: BadgeProps['size'];
}) {
  const { t } = useTranslation('analysers');
  const word = linkWordOf(state);
  return (
    <Badge color={COLORS[word]} variant="light" size={size} data-link-word={word}>
      {t(`link.${word}`)}
    </Badge>
  );
}
