/**
 * "Content" (spec 002 §2 editor section 2; §3 contentType, contentSortBy, selectedBotIds (ordered),
 * selectedTagIds; §4 content rules; §9 bot pickers 100, search debounce 300 ms):
 * - content: All vidbots, Selected vidbots, or vidbots by tags;
 * - Selected: search the account's published vidbots (`GET /bot?bot_name&size=100`, debounced 300 ms,
 *   kept to Published — spec 002 §4 "Bot selection offers only published bots"), add them, reorder
 *   the chosen ones (SortableBotList: mouse, touch, keyboard) and remove them;
 * - ByTags: choose tags (`GET /tag?size=100`); with Custom order, order the vidbots the tags match;
 * - sort Latest, Random or Custom (Custom only with Selected or ByTags; choosing a sort refreshes
 *   the selected vidbots from the current content — widgetContent.logic.ts).
 */
import { lazy, Suspense, useId, useMemo, useState, type ComponentProps } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { WIDGET_CONTENT_TYPES, WIDGET_SORTS, type WidgetSort } from '../../../../server/src/modules/widget/widget.schemas';
import { useDebouncedValue } from '../../../ui/useDebouncedValue';
import { tagListOptions } from '../../vidbots/tag.queries';
import { useWidgetLabels } from '../widgetLabels';
import { publishedBotsOptions, taggedBotsOptions } from '../widgets.api';
import { addBot, moveBot, orderLike, removeBot, sortsFor, toggleTag, withContentType, withSort } from './widgetContent.logic';
import { WidgetSection, type SectionProps } from './SectionParts';

/** The sortable list and @dnd-kit (≈ 14 KB gz) load only when a list of chosen vidbots is shown. */
const LazySortableBotList = lazy(() => import('./SortableBotList').then((m) => ({ default: m.SortableBotList })));

/** The chosen vidbots in order; a plain list while the sortable one loads. */
function SortableBotList(props: ComponentProps<typeof LazySortableBotList>) {
  return (
    <Suspense
      fallback={
        <ol aria-label={props.label} aria-busy="true">
          {props.ids.map((id) => (
            <li key={id}>{props.nameOf(id)}</li>
          ))}
        </ol>
      }
    >
      <LazySortableBotList {...props} />
    </Suspense>
  );
}

/** Spec 002 §9: bot picker search debounce. */
export const BOT_SEARCH_DEBOUNCE_MS = 300;

export function ContentSection({ content, onChange, readOnly, errors, accountId }: SectionProps & { accountId: number }) {
  const { t } = useLingui();
  const labels = useWidgetLabels();
  const groupName = useId();
  const sortName = useId();
  const searchId = useId();
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search.trim(), BOT_SEARCH_DEBOUNCE_MS);
  // Names of the chosen vidbots and the published ones a sort change keeps (Selected content only).
  const allPublished = useQuery({ ...publishedBotsOptions(accountId, ''), enabled: content.contentType === 'Selected' });
  const found = useQuery({ ...publishedBotsOptions(accountId, debounced), enabled: content.contentType === 'Selected' && !readOnly, placeholderData: (prev) => prev });
  const tags = useQuery({ ...tagListOptions(accountId), enabled: content.contentType === 'ByTags' });
  const tagged = useQuery({ ...taggedBotsOptions(accountId, content.selectedTagIds), enabled: content.contentType === 'ByTags' });

  const names = useMemo(() => {
    const map = new Map<number, string>();
    for (const list of [allPublished.data, found.data, tagged.data]) for (const b of list ?? []) map.set(b.id, b.name);
    return map;
  }, [allPublished.data, found.data, tagged.data]);
  const nameOf = (id: number) => names.get(id) ?? t`Vidbot ${id} (not published)`;
  const known = { publishedIds: allPublished.data?.map((b) => b.id), taggedIds: tagged.data?.map((b) => b.id) };
  const setIds = (selectedBotIds: number[]) => onChange({ ...content, selectedBotIds });
  const offered = sortsFor(content.contentType);
  const tagOrder = content.contentType === 'ByTags' && content.contentSortBy === 'Custom' ? orderLike(content.selectedBotIds, known.taggedIds ?? []) : [];
  const results = (found.data ?? []).filter((b) => !content.selectedBotIds.includes(b.id));

  return (
    <WidgetSection id="content" title={t`Content`} readOnly={readOnly}>
      <fieldset>
        <legend>
          <Trans>Show</Trans>
        </legend>
        <div className="radio-row">
          {WIDGET_CONTENT_TYPES.map((c) => (
            <label key={c}>
              <input type="radio" name={groupName} value={c} checked={content.contentType === c} onChange={() => onChange(withContentType(content, c))} />
              {labels.contentType(c)}
            </label>
          ))}
        </div>
        {errors.contentType && <p className="field-error">{errors.contentType}</p>}
      </fieldset>

      {content.contentType === 'Selected' && (
        <fieldset>
          <legend>
            <Trans>Vidbots</Trans>
          </legend>
          {!readOnly && (
            <div className="field">
              <label htmlFor={searchId}>
                <Trans>Search published vidbots</Trans>
              </label>
              <input id={searchId} type="search" value={search} autoComplete="off" onChange={(e) => setSearch(e.target.value)} aria-controls={`${searchId}-results`} />
              <ul id={`${searchId}-results`} className="bot-results" aria-label={t`Published vidbots to add`} aria-busy={found.isFetching || undefined}>
                {results.map((b) => (
                  <li key={b.id}>
                    <span>{b.name}</span>
                    <button type="button" className="button small" aria-label={t`Add ${b.name}`} onClick={() => setIds(addBot(content.selectedBotIds, b.id))}>
                      <Trans>Add</Trans>
                    </button>
                  </li>
                ))}
                {found.isSuccess && results.length === 0 && (
                  <li className="muted">{debounced ? <Trans>No published vidbots match “{debounced}”.</Trans> : <Trans>No more published vidbots.</Trans>}</li>
                )}
                {found.isError && (
                  <li className="field-error" role="alert">
                    <Trans>The vidbots could not be loaded.</Trans>
                  </li>
                )}
              </ul>
            </div>
          )}
          {content.selectedBotIds.length === 0 ? (
            <p className="muted">
              <Trans>No vidbots chosen yet.</Trans>
            </p>
          ) : (
            <SortableBotList
              ids={content.selectedBotIds}
              nameOf={nameOf}
              label={t`Chosen vidbots, in order`}
              readOnly={readOnly}
              onMove={(from, to) => setIds(moveBot(content.selectedBotIds, from, to))}
              onRemove={(id) => setIds(removeBot(content.selectedBotIds, id))}
            />
          )}
          {errors.selectedBotIds && <p className="field-error">{errors.selectedBotIds}</p>}
        </fieldset>
      )}

      {content.contentType === 'ByTags' && (
        <fieldset>
          <legend>
            <Trans>Tags</Trans>
          </legend>
          {tags.data && tags.data.length === 0 && (
            <p className="muted">
              <Trans>This account has no tags yet.</Trans>
            </p>
          )}
          <div className="radio-row">
            {(tags.data ?? []).map((tag) => (
              <label key={tag.id}>
                <input
                  type="checkbox"
                  checked={content.selectedTagIds.includes(tag.id)}
                  onChange={() => onChange({ ...content, selectedTagIds: toggleTag(content.selectedTagIds, tag.id) })}
                />
                {tag.name}
              </label>
            ))}
          </div>
          {errors.selectedTagIds && <p className="field-error">{errors.selectedTagIds}</p>}
          {content.contentSortBy === 'Custom' && tagOrder.length > 0 && (
            <SortableBotList
              ids={tagOrder}
              nameOf={nameOf}
              label={t`Vidbots with these tags, in order`}
              readOnly={readOnly}
              onMove={(from, to) => setIds(moveBot(tagOrder, from, to))}
            />
          )}
        </fieldset>
      )}

      <fieldset>
        <legend>
          <Trans>Order</Trans>
        </legend>
        <div className="radio-row">
          {WIDGET_SORTS.map((s: WidgetSort) => (
            <label key={s}>
              <input
                type="radio"
                name={sortName}
                value={s}
                checked={content.contentSortBy === s}
                disabled={!offered.includes(s)}
                onChange={() => onChange(withSort(content, s, known))}
              />
              {labels.sort(s)}
            </label>
          ))}
        </div>
        {content.contentType === 'All' && (
          <p className="muted small">
            <Trans>Custom order needs selected vidbots or tags.</Trans>
          </p>
        )}
        {errors.contentSortBy && <p className="field-error">{errors.contentSortBy}</p>}
      </fieldset>
    </WidgetSection>
  );
}
