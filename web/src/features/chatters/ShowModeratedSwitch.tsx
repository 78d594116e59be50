import { Switch } from 'radix-ui';
import { useTranslation } from 'react-i18next';

/** 'Show banned and timed out' beside Hide greeted: marked chatters are off the desk otherwise. */
export function ShowModeratedSwitch({
  checked,
  onChange,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const { t, ready } = useTranslation('badges');
  if (!ready) return null;
  return (
    <label className="switch-label">
      <Switch.Root className="switch" checked={checked} onCheckedChange={onChange}>
        <Switch.Thumb className="switch-thumb" />
      </Switch.Root>
      {t('badges:showModerated')}
    </label>
  );
}
