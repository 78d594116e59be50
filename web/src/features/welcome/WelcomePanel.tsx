import {
  MAX_WELCOME_MESSAGE_LENGTH,
  WELCOME_KINDS,
  WELCOME_PLACEHOLDERS,
  welcomeTemplateProblem,
  type RaidShoutoutDto,
  type WelcomeKind,
  type WelcomeMessageDto,
  type WelcomeSettingsDto,
  type WelcomeTemplates,
} from '@greetboard/contracts/wire';
import { MessageSquareText } from 'lucide-react';
import { Switch } from 'radix-ui';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/Spinner';
import { useServerErrorText } from '../i18n/server-error';
import {
  useGetRaidShoutoutsQuery,
  useGetWelcomeMessagesQuery,
  useGetWelcomeQuery,
  useUpdateWelcomeMutation,
  WELCOME_MESSAGES_POLL_MS,
} from './welcome-api';
import './welcome.css';

const KIND_LABELS: Record<WelcomeKind, string> = {
  firstTime: 'welcome:firstTime',
  returning: 'welcome:returning',
  raider: 'welcome:raider',
};

const STATUS_LABELS: Record<WelcomeMessageDto['status'], string> = {
  pending: 'welcome:status.pending',
  held: 'welcome:status.held',
  sent: 'welcome:status.sent',
  dropped: 'welcome:status.dropped',
  failed: 'welcome:status.failed',
};

interface Draft extends WelcomeTemplates {
  enabled: boolean;
  shoutoutRaiders: boolean;
}

function draftOf(settings: WelcomeSettingsDto): Draft {
  const { enabled, shoutoutRaiders, firstTime, returning, raider } = settings;
  return { enabled, shoutoutRaiders, firstTime, returning, raider };
}

/**
 * The session's welcome in chat (ADR 0054): templates per kind of chatter, the switches, the
 * state of the owner's Twitch permission, and what became of each welcome message. The owner
 * edits; editors see the settings and the messages.
 */
export function WelcomePanel({ sessionId, isOwner }: { sessionId: string; isOwner: boolean }) {
  const { t, ready } = useTranslation('welcome');
  const [open, setOpen] = useState(false);
  const settings = useGetWelcomeQuery(sessionId);
  const headingId = useId();

  if (!ready || !settings.data) return settings.isError ? null : <Spinner />;
  const data = settings.data;
  return (
    <section className="card welcome-panel" aria-labelledby={headingId}>
      <button
        type="button"
        className="welcome-toggle"
        aria-expanded={open}
        onClick={() => setOpen((value) => !value)}
      >
        <MessageSquareText aria-hidden size={18} />
        <h2 id={headingId} className="card-title">
          {t('welcome:title')}
        </h2>
        <span className={`pill ${data.enabled ? 'pill-active' : 'pill-inactive'}`}>
          {data.enabled ? t('welcome:on') : t('welcome:off')}
        </span>
      </button>
      <ScopeNotice settings={data} open={open} />
      {open && (
        <>
          <WelcomeForm key={sessionId} settings={data} isOwner={isOwner} />
          <WelcomeMessages sessionId={sessionId} />
          <RaidShoutouts sessionId={sessionId} shoutingOut={data.shoutoutRaiders} />
        </>
      )}
    </section>
  );
}

/** A token without the scopes: the owner signs in again, and Twitch asks for them. */
function ScopeNotice({ settings, open }: { settings: WelcomeSettingsDto; open: boolean }) {
  const { t } = useTranslation('welcome');
  if (!settings.twitch) return null;
  const lacksChat = (open || settings.enabled) && !settings.twitch.chat;
  const lacksShoutouts = settings.shoutoutRaiders && !settings.twitch.shoutouts;
  if (!lacksChat && !lacksShoutouts) return null;
  return (
    <p className="welcome-scope" role="status">
      {lacksChat ? t('welcome:signInAgainChat') : t('welcome:signInAgainShoutouts')}{' '}
      <a href="/auth/twitch">{t('welcome:signInAgain')}</a>
    </p>
  );
}

function WelcomeForm({ settings, isOwner }: { settings: WelcomeSettingsDto; isOwner: boolean }) {
  const { t } = useTranslation('welcome');
  const errorText = useServerErrorText();
  // Only what the owner changed and has not saved: other fields follow the stored settings
  // (saved in another tab, say) without taking the owner's unsaved edits away.
  const [edits, setEdits] = useState<Partial<Draft>>({});
  const draft: Draft = { ...draftOf(settings), ...edits };
  const edit = (change: Partial<Draft>) => setEdits((current) => ({ ...current, ...change }));
  const [update, { isLoading }] = useUpdateWelcomeMutation();
  const problems = Object.fromEntries(
    WELCOME_KINDS.map((kind) => [kind, welcomeTemplateProblem(kind, draft[kind])]),
  ) as Record<WelcomeKind, ReturnType<typeof welcomeTemplateProblem>>;
  const invalid = WELCOME_KINDS.some((kind) => problems[kind] !== null);

  async function save(event: FormEvent) {
    event.preventDefault();
    if (invalid) return;
    try {
      await update({ sessionId: settings.sessionId, ...draft }).unwrap();
      setEdits({});
      toast.success(t('welcome:saved'), { id: 'welcome-saved' });
    } catch (error) {
      toast.error(errorText(error) ?? t('welcome:saveFailed'), { id: 'welcome-saved' });
    }
  }

  return (
    <form className="welcome-form" onSubmit={(event) => void save(event)}>
      <p className="field-hint">
        {t('welcome:description', { seconds: settings.undoWindowSeconds })}
      </p>
      {!isOwner && <p className="note">{t('welcome:ownerOnly')}</p>}
      <fieldset disabled={!isOwner || isLoading} className="welcome-fields">
        <label className="switch-label">
          <Switch.Root
            className="switch"
            checked={draft.enabled}
            onCheckedChange={(enabled) => edit({ enabled })}
          >
            <Switch.Thumb className="switch-thumb" />
          </Switch.Root>
          {t('welcome:enabled')}
        </label>
        {WELCOME_KINDS.map((kind) => (
          <TemplateField
            key={kind}
            kind={kind}
            value={draft[kind]}
            problem={problems[kind]}
            onChange={(value) => edit({ [kind]: value })}
          />
        ))}
        <p className="field-hint">{t('welcome:emptyMeansNone')}</p>
        <label className="switch-label">
          <Switch.Root
            className="switch"
            checked={draft.shoutoutRaiders}
            onCheckedChange={(shoutoutRaiders) => edit({ shoutoutRaiders })}
          >
            <Switch.Thumb className="switch-thumb" />
          </Switch.Root>
          {t('welcome:shoutoutRaiders')}
        </label>
        {isOwner && (
          <div className="form-actions">
            <button type="submit" className="button button-primary" disabled={invalid}>
              {t('welcome:save')}
            </button>
          </div>
        )}
      </fieldset>
    </form>
  );
}

function TemplateField({
  kind,
  value,
  problem,
  onChange,
}: {
  kind: WelcomeKind;
  value: string;
  problem: ReturnType<typeof welcomeTemplateProblem>;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation(['welcome', 'errors']);
  const id = useId();
  const list = WELCOME_PLACEHOLDERS[kind].map((name) => `{${name}}`).join(' ');
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {t(KIND_LABELS[kind])}
      </label>
      <textarea
        id={id}
        className="input welcome-template"
        rows={2}
        value={value}
        aria-invalid={problem !== null}
        aria-describedby={`${id}-hint`}
        onChange={(event) => onChange(event.target.value)}
      />
      <span id={`${id}-hint`} className="field-hint welcome-hint">
        <span>{t('welcome:placeholders', { list })}</span>
        <span>
          {t('welcome:length', { used: [...value].length, max: MAX_WELCOME_MESSAGE_LENGTH })}
        </span>
      </span>
      {problem && (
        <span className="field-error" role="alert">
          {t(`errors:${problem.code}`)}
          {problem.code === 'WELCOME_PLACEHOLDER_UNKNOWN' && ` ${problem.placeholder}`}
        </span>
      )}
    </div>
  );
}

function WelcomeMessages({ sessionId }: { sessionId: string }) {
  const { t } = useTranslation('welcome');
  const messages = useGetWelcomeMessagesQuery(sessionId, {
    pollingInterval: WELCOME_MESSAGES_POLL_MS,
  });
  return (
    <StatusList title={t('welcome:messages')} empty={t('welcome:noMessages')}>
      {messages.data?.map((message) => (
        <WelcomeMessageRow key={message.id} message={message} />
      ))}
    </StatusList>
  );
}

/** A titled list of what became of posts in chat, or a hint while there are none. */
function StatusList({
  title,
  empty,
  children,
}: {
  title: string;
  empty: string;
  children: ReactNode[] | undefined;
}) {
  return (
    <div className="welcome-messages">
      <h3 className="field-label">{title}</h3>
      {!children?.length ? (
        <p className="field-hint">{empty}</p>
      ) : (
        <ul className="welcome-list" aria-label={title}>
          {children}
        </ul>
      )}
    </div>
  );
}

function WelcomeMessageRow({ message }: { message: WelcomeMessageDto }) {
  const { t } = useTranslation(['welcome', 'errors']);
  const failed = message.status === 'dropped' || message.status === 'failed';
  return (
    <li className="welcome-row" data-status={message.status}>
      <span className="welcome-name">{message.displayName}</span>
      <span className="welcome-text">{message.text}</span>
      <span className={`welcome-status welcome-status-${message.status}`}>
        {t(STATUS_LABELS[message.status])}
      </span>
      {failed && message.reason && (
        <span className="welcome-reason">
          {message.status === 'dropped'
            ? t('welcome:reason', { message: message.reason.message, code: message.reason.code })
            : t(`errors:${message.reason.code}`, {
                defaultValue: t('welcome:reasonCode', { code: message.reason.code }),
              })}
        </span>
      )}
    </li>
  );
}

/** Beside the welcomes: what Twitch answered to each raid's automatic shoutout (ADR 0054). */
function RaidShoutouts({ sessionId, shoutingOut }: { sessionId: string; shoutingOut: boolean }) {
  const { t } = useTranslation('welcome');
  const shoutouts = useGetRaidShoutoutsQuery(sessionId, {
    pollingInterval: WELCOME_MESSAGES_POLL_MS,
  });
  if (!shoutingOut && !shoutouts.data?.length) return null;
  return (
    <StatusList title={t('welcome:raidShoutouts')} empty={t('welcome:noRaidShoutouts')}>
      {shoutouts.data?.map((shoutout) => (
        <RaidShoutoutRow key={shoutout.raidId} shoutout={shoutout} />
      ))}
    </StatusList>
  );
}

function RaidShoutoutRow({ shoutout }: { shoutout: RaidShoutoutDto }) {
  const { t } = useTranslation(['welcome', 'errors']);
  const status = shoutout.status === 'sent' ? 'sent' : 'failed';
  return (
    <li className="welcome-row" data-status={shoutout.status}>
      <span className="welcome-name">{shoutout.raiderDisplayName}</span>
      <span className="welcome-text">{t('welcome:raidBy')}</span>
      <span className={`welcome-status welcome-status-${status}`}>
        {t(`welcome:shoutoutStatus.${shoutout.status}`)}
      </span>
      {shoutout.reason && (
        <span className="welcome-reason">
          {t(`errors:${shoutout.reason.code}`, {
            defaultValue: t('welcome:reasonCode', { code: shoutout.reason.code }),
          })}
        </span>
      )}
    </li>
  );
}
