import { Hand, Hourglass, Smile } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import './chatters.css';

export const WAVE_MS = 2000;

interface GreetButtonProps {
  name: string;
  isGreeted: boolean;
  onToggle: (isGreeted: boolean) => void;
  size?: number;
}

/** Hourglass while pending, smile once greeted, and a waving hand for 2 s right after greeting. */
export function GreetButton({ name, isGreeted, onToggle, size = 18 }: GreetButtonProps) {
  const { t } = useTranslation();
  const [waving, setWaving] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const toggle = () => {
    const next = !isGreeted;
    clearTimeout(timer.current);
    setWaving(next);
    if (next) timer.current = setTimeout(() => setWaving(false), WAVE_MS);
    onToggle(next);
  };

  const Icon = waving && isGreeted ? Hand : isGreeted ? Smile : Hourglass;
  return (
    <button
      type="button"
      className={`greet-button ${isGreeted ? 'is-greeted' : 'is-pending'} ${waving && isGreeted ? 'is-waving' : ''}`}
      aria-pressed={isGreeted}
      aria-label={isGreeted ? t('chatters.ungreet', { name }) : t('chatters.greet', { name })}
      title={isGreeted ? t('chatters.ungreet', { name }) : t('chatters.greet', { name })}
      onClick={toggle}
    >
      <Icon aria-hidden size={size} />
    </button>
  );
}
