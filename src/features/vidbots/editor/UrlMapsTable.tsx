/**
 * URL maps of the settings tab (spec 001 §3 "urlMaps (url to bot id)", §6 `url_map`, §9 "bot list
 * for pickers 250"; issue 12 "exact, prefix, wildcard, regex in priority order"): a table of match
 * type + page URL pattern → vidbot, rows added and removed in the draft. The bot picker lists the
 * account's vidbots (GET /bot, size 250, by name).
 */
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { typedApi } from '../../../api/contract';
import { URL_MATCH_TYPES, type UrlMatchType } from '../../../../server/src/modules/bot/content.rules';
import { useEditor } from './editorContext';
import { Select, TextInput } from './SettingsFields';
import type { SettingsForm } from './SettingsTab';

/** Vidbots offered by pickers (spec 001 §9). */
export const BOT_PICKER_SIZE = 250;

/** The URL-map rows. */
export function UrlMapsTable({ form }: { form: SettingsForm }) {
  const { t } = useLingui();
  const { account, readOnly } = useEditor();
  const bots = useQuery({
    queryKey: ['bot', 'picker', account.id],
    queryFn: ({ signal }) =>
      typedApi.get('/bot', {
        query: {
          account_id: account.id,
          size: BOT_PICKER_SIZE,
          order_by: 'name',
          order_direction: 'asc',
        },
        signal,
      }),
  });
  const options = (bots.data?.records ?? []).map((b) => ({
    value: b.id,
    label: b.name,
  }));
  const matchNames: Record<UrlMatchType, string> = { exact: t`Exact`, prefix: t`Starts with`, wildcard: t`Wildcard (*)`, regex: t`Regular expression` };
  const matchOptions = URL_MATCH_TYPES.map((m) => ({ value: m, label: matchNames[m] }));
  return (
    <form.Field name="settings.urlMaps" mode="array">
      {(field) => (
        <div className="url-maps">
          <table className="table">
            <caption className="visually-hidden">
              <Trans>URL maps</Trans>
            </caption>
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Match</Trans>
                </th>
                <th scope="col">
                  <Trans>Page URL</Trans>
                </th>
                <th scope="col">
                  <Trans>Vidbot</Trans>
                </th>
                <th scope="col">
                  <span className="visually-hidden">
                    <Trans>Remove</Trans>
                  </span>
                </th>
              </tr>
            </thead>
            <tbody>
              {field.state.value.map((_, i) => {
                const row = i + 1;
                return (
                  <tr key={i}>
                    <td>
                      <Select form={form} name={`settings.urlMaps[${i}].matchType`} label={t`Match type ${row}`} options={matchOptions} />
                    </td>
                    <td>
                      <TextInput form={form} name={`settings.urlMaps[${i}].url`} label={t`Page URL ${row}`} />
                    </td>
                    <td>
                      <Select
                        form={form}
                        name={`settings.urlMaps[${i}].botId`}
                        label={t`Vidbot ${row}`}
                        options={options}
                        nullLabel={t`Choose a vidbot`}
                        numeric
                      />
                    </td>
                    <td>
                      <button type="button" className="button link" onClick={() => field.removeValue(i)}>
                        <Trans>Remove URL map {row}</Trans>
                      </button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          {field.state.value.length === 0 && (
            <p className="muted small">
              <Trans>No URL maps yet.</Trans>
            </p>
          )}
          <button type="button" className="button" onClick={() => field.pushValue({ matchType: 'exact', url: '', botId: null as unknown as number })}>
            <Trans>Add URL map</Trans>
          </button>
        </div>
      )}
    </form.Field>
  );
}
