/** Translated names of the analytics channels and notices (spec 002 §3 Channels; §8 notices). */
import { useLingui } from '@lingui/react/macro';
import type { Channel } from '../../../../embed/shared/analytics';
import type { AnalyticsNotice } from '../notices';

/** `channel → label` in the UI language. */
export function useChannelLabel(): (channel: Channel) => string {
  const { t } = useLingui();
  const labels: Record<Channel, string> = {
    direct: t`Direct link`,
    iframe: t`Iframe`,
    widget: t`Widget`,
    slider: t`Slider`,
    display_ad: t`Display ad`,
  };
  return (channel) => labels[channel];
}

/** The text of each notice (spec 002 §8). */
export function useNoticeText(): (notice: AnalyticsNotice) => string {
  const { t } = useLingui();
  const texts: Record<AnalyticsNotice, string> = {
    ctrChanged: t`CTR calculation changed on 3 July 2023: figures before that day are not comparable with later ones.`,
    ctrEngagementChanged: t`CTR and engagement rate calculation changed on 4 September 2024: figures before that day are not comparable with later ones.`,
    actionsIncomplete: t`Actions are recorded from 20 July 2023 on: the range starts earlier, so action counts are incomplete.`,
  };
  return (notice) => texts[notice];
}
