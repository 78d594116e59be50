import { Keyboard, Search } from 'lucide-react';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatterOrder } from '../chatter-order';
import { CHATTER_ORDERS } from './use-chatter-order';
import './triage.css';

interface TriageToolbarProps {
  order: ChatterOrder;
  onOrderChange: (order: ChatterOrder) => void;
  query: string;
  onQueryChange: (query: string) => void;
  searchRef: Ref<HTMLInputElement>;
  /** Chatters matching the search (after it settled), and all of the session's. */
  matching: number;
  total: number;
  /** Whether a search is in force (the count shows only then). */
  searching: boolean;
  onHelp: () => void;
}

/** Above a chatter list: the order, the search with its match count, and the keys' help. */
export function TriageToolbar(props: TriageToolbarProps) {
  const { t } = useTranslation();
  const label = (order: ChatterOrder) =>
    order === 'next' ? t('triage.orderNext') : t('triage.orderNewest');
  return (
    <div className="triage-toolbar">
      <fieldset className="order-switch">
        <legend className="visually-hidden">{t('triage.order')}</legend>
        {CHATTER_ORDERS.map((order) => (
          <label key={order} className={order === props.order ? 'is-selected' : undefined}>
            <input
              type="radio"
              name="chatter-order"
              value={order}
              checked={order === props.order}
              onChange={() => props.onOrderChange(order)}
            />
            {label(order)}
          </label>
        ))}
      </fieldset>
      <div className="chatter-search">
        <Search aria-hidden size={16} />
        <input
          ref={props.searchRef}
          type="search"
          className="input"
          aria-label={t('triage.search')}
          aria-keyshortcuts="/"
          placeholder={t('triage.searchPlaceholder')}
          value={props.query}
          onChange={(event) => props.onQueryChange(event.target.value)}
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
        aria-label={t('triage.keys')}
        aria-keyshortcuts="?"
        title={t('triage.keysHint')}
        onClick={props.onHelp}
      >
        <Keyboard aria-hidden size={18} />
      </button>
      <p className="match-count" role="status">
        {props.searching ? t('triage.matches', { count: props.matching, total: props.total }) : ''}
      </p>
    </div>
  );
}
