import { Keyboard, Search } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ChatterOrder } from '../chatter-order';
import { CHATTER_ORDERS } from './use-chatter-order';
import type { DeskList } from './use-desk-list';
import type { DeskPage } from './use-desk-page';
import './triage.css';

interface TriageToolbarProps {
  desk: DeskList;
  page: DeskPage;
  /** All of the session's chatters, the count a search's matches are told against. */
  total: number;
  /** The chatters the search matches, when the server counted them (paged reads). */
  matching?: number;
}

/**
 * Above a chatter list: the order, the search with its match count (shown while a search is in
 * force), and the keys' help.
 */
export function TriageToolbar({ desk, page, total, matching }: TriageToolbarProps) {
  const { t } = useTranslation();
  const label = (order: ChatterOrder) =>
    order === 'oldest'
      ? t('triage:orderOldest')
      : order === 'next'
        ? t('triage:orderNext')
        : t('triage:orderNewest');
  return (
    <div className="triage-toolbar">
      <fieldset className="order-switch">
        <legend className="visually-hidden">{t('triage:order')}</legend>
        {CHATTER_ORDERS.map((order) => (
          <label key={order} className={order === desk.order ? 'is-selected' : undefined}>
            <input
              type="radio"
              name="chatter-order"
              value={order}
              checked={order === desk.order}
              onChange={() => desk.setOrder(order)}
            />
            {label(order)}
          </label>
        ))}
      </fieldset>
      <div className="chatter-search">
        <Search aria-hidden size={16} />
        <input
          ref={page.searchRef}
          type="search"
          className="input"
          aria-label={t('triage:search')}
          aria-keyshortcuts="/"
          placeholder={t('triage:searchPlaceholder')}
          value={desk.query}
          onChange={(event) => desk.setQuery(event.target.value)}
          onKeyDown={(event) => {
            // Esc leaves the search (keeping it) for the list, where j takes the first row.
            if (event.key !== 'Escape') return;
            event.preventDefault();
            event.currentTarget.blur();
          }}
        />
      </div>
      <button
        type="button"
        className="icon-button"
        aria-label={t('triage:keys')}
        aria-keyshortcuts="?"
        title={t('triage:keysHint')}
        onClick={() => page.triage.setHelpOpen(true)}
      >
        <Keyboard aria-hidden size={18} />
      </button>
      <p className="match-count" role="status">
        {desk.search !== ''
          ? t('triage:matches', { count: matching ?? desk.matching.length, total })
          : ''}
      </p>
    </div>
  );
}
