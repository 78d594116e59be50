import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';

interface KeywordChipsProps {
  keywords: readonly string[];
  onRemove?: (keyword: string) => void;
}

export function KeywordChips({ keywords, onRemove }: KeywordChipsProps) {
  const { t } = useTranslation();
  if (keywords.length === 0) return null;
  return (
    <ul className="chips">
      {keywords.map((keyword) => (
        <li key={keyword} className="chip">
          <span>{keyword}</span>
          {onRemove && (
            <button
              type="button"
              className="chip-remove"
              onClick={() => onRemove(keyword)}
              aria-label={t('common.removeItem', { item: keyword })}
            >
              <X aria-hidden size={12} />
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}
