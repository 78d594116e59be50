import {
  OVERLAY_LOOKS,
  type OverlayAccess,
  type OverlayLinkDto,
  type OverlayLinkLook,
  type OverlayLook,
} from '@greetboard/contracts/wire';
import { Copy, KeyRound, RefreshCw, Trash2 } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import {
  overlayLinkUrl,
  useCreateOverlayLinkMutation,
  useGetOverlayLinksQuery,
  useRevokeOverlayLinkMutation,
  useUpdateOverlayLinkMutation,
} from './overlay-links-api';
import { useCopyUrl } from './use-copy-url';

const ACCESSES: OverlayAccess[] = ['read', 'greet'];

/**
 * Overlay links for a browser source that has nobody to sign in (ADR 0029): one that shows
 * the overlay and one that may also greet. A link's address is shown once, when it is made;
 * making it again (rotating) or revoking it stops the old one at once.
 */
export function OverlayLinks() {
  const { t } = useTranslation();
  const links = useGetOverlayLinksQuery();
  const [create, { isLoading: creating }] = useCreateOverlayLinkMutation();
  const [revoke, { isLoading: revoking }] = useRevokeOverlayLinkMutation();
  const [fresh, setFresh] = useState<Partial<Record<OverlayAccess, string>>>({});

  const make = async (access: OverlayAccess) => {
    try {
      const link = await create(access).unwrap();
      setFresh((shown) => ({ ...shown, [access]: overlayLinkUrl(location.origin, link.token) }));
      toast.success(t('settings:toast.overlayLinkMade'));
    } catch {
      toast.error(t('settings:toast.overlayLinkFailed'));
    }
  };

  const end = async (access: OverlayAccess, id: string) => {
    try {
      await revoke(id).unwrap();
      setFresh(({ [access]: _gone, ...rest }) => rest);
      toast.success(t('settings:toast.overlayLinkRevoked'));
    } catch {
      toast.error(t('settings:toast.overlayLinkFailed'));
    }
  };

  const copy = useCopyUrl();

  return (
    <div className="overlay-links">
      <h3 className="settings-subheading">{t('settings:obs.linksTitle')}</h3>
      <p className="settings-description">{t('settings:obs.linksDescription')}</p>
      <ul className="overlay-link-list">
        {ACCESSES.map((access) => {
          const link = links.data?.find((candidate) => candidate.access === access);
          const url = fresh[access];
          const label = t(`settings:obs.${access}Link`);
          return (
            <li key={access} className="overlay-link" data-access={access}>
              <div className="overlay-link-head">
                <KeyRound aria-hidden size={16} />
                <span className="overlay-link-label">{label}</span>
                <span className="muted">
                  {link
                    ? t('settings:obs.linkMadeOn', { date: new Date(link.createdAt) })
                    : t('settings:obs.noLink')}
                </span>
              </div>
              {url && (
                <div className="input-row">
                  <input
                    className="input"
                    aria-label={label}
                    value={url}
                    readOnly
                    onFocus={(e) => e.target.select()}
                  />
                  <button
                    type="button"
                    className="button button-secondary"
                    onClick={() => void copy(url)}
                  >
                    <Copy aria-hidden size={16} />
                    {t('settings:obs.copy')}
                  </button>
                </div>
              )}
              {url && <p className="note">{t('settings:obs.shownOnce')}</p>}
              {link && <LinkLook link={link} label={label} />}
              <div className="overlay-link-actions">
                <button
                  type="button"
                  className="button button-secondary"
                  disabled={creating}
                  onClick={() => void make(access)}
                >
                  <RefreshCw aria-hidden size={16} />
                  {link ? t('settings:obs.rotateLink') : t('settings:obs.makeLink')}
                </button>
                {link && (
                  <button
                    type="button"
                    className="button button-danger"
                    disabled={revoking}
                    onClick={() => void end(access, link.id)}
                  >
                    <Trash2 aria-hidden size={16} />
                    {t('settings:obs.revokeLink')}
                  </button>
                )}
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** Each look's name and what it shows. */
const LOOK_TEXTS: Record<OverlayLook, { name: string; hint: string }> = {
  transparent: {
    name: 'settings:obs.looks.transparent',
    hint: 'settings:obs.lookHints.transparent',
  },
  minimal: { name: 'settings:obs.looks.minimal', hint: 'settings:obs.lookHints.minimal' },
  dock: { name: 'settings:obs.looks.dock', hint: 'settings:obs.lookHints.dock' },
};

/**
 * A link's look (ADR 0056): transparent, minimal or the dock, and whether new chatters slide
 * in. Changed in place: the source using the link shows it at its next load.
 */
function LinkLook({ link, label }: { link: OverlayLinkDto; label: string }) {
  const { t } = useTranslation();
  const [update, { isLoading }] = useUpdateOverlayLinkMutation();
  const lookId = `overlay-look-${link.access}`;

  const change = async (look: Partial<OverlayLinkLook>) => {
    try {
      await update({ id: link.id, ...look }).unwrap();
      toast.success(t('settings:toast.overlayLookSaved'));
    } catch {
      toast.error(t('settings:toast.overlayLinkFailed'));
    }
  };

  return (
    <div className="overlay-link-look">
      <div className="preference-row">
        <label htmlFor={lookId} className="preference-label">
          {t('settings:obs.look')}
          <span className="visually-hidden"> ({label})</span>
        </label>
        <select
          id={lookId}
          className="select-trigger"
          value={link.look}
          disabled={isLoading}
          onChange={(e) => void change({ look: e.target.value as OverlayLook })}
        >
          {OVERLAY_LOOKS.map((look) => (
            <option key={look} value={look}>
              {t(LOOK_TEXTS[look].name)}
            </option>
          ))}
        </select>
      </div>
      <p className="settings-description">{t(LOOK_TEXTS[link.look].hint)}</p>
      <label className="checkbox-label">
        <input
          type="checkbox"
          checked={link.animate}
          disabled={isLoading}
          onChange={(e) => void change({ animate: e.target.checked })}
        />
        {t('settings:obs.animate')}
      </label>
    </div>
  );
}
