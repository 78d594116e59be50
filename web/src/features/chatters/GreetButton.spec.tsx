/** @jest-environment ./web/test/jsdom-environment.js */
import { afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { setUpI18n } from '../../../test/unit/test-utils';
import { GreetButton, WAVE_MS } from './GreetButton';

function Harness({ onToggle }: { onToggle: (value: boolean) => void }) {
  const [greeted, setGreeted] = useState(false);
  return (
    <GreetButton
      name="Alice"
      isGreeted={greeted}
      onToggle={(value) => {
        setGreeted(value);
        onToggle(value);
      }}
    />
  );
}

const icon = () => screen.getByRole('button').querySelector('svg')?.getAttribute('class') ?? '';

describe('GreetButton', () => {
  beforeAll(setUpI18n);
  afterEach(() => {
    jest.useRealTimers();
  });

  it('shows an hourglass, waves for two seconds after greeting, then smiles', () => {
    jest.useFakeTimers();
    const onToggle = jest.fn();
    render(<Harness onToggle={onToggle} />);
    const button = screen.getByRole('button', { name: 'Mark Alice as greeted' });
    expect(icon()).toContain('hourglass');
    expect(button.getAttribute('aria-pressed')).toBe('false');

    fireEvent.click(button);
    expect(onToggle).toHaveBeenCalledWith(true);
    expect(icon()).toContain('hand');
    expect(screen.getByRole('button', { name: 'Mark Alice as not greeted' })).toBeTruthy();

    act(() => jest.advanceTimersByTime(WAVE_MS));
    expect(icon()).toContain('smile');

    fireEvent.click(screen.getByRole('button'));
    expect(onToggle).toHaveBeenLastCalledWith(false);
    expect(icon()).toContain('hourglass');
  });
});
