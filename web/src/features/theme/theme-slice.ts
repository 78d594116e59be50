import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { readStored, writeStored } from '../../app/local-storage';

export type Theme = 'dark' | 'light';
export const THEME_STORAGE_KEY = 'theme';
export const DEFAULT_THEME: Theme = 'dark';

export function storedTheme(): Theme {
  return readStored(THEME_STORAGE_KEY) === 'light' ? 'light' : DEFAULT_THEME;
}

/** Puts `dark` or `light` on <html> (the CSS variables hang off it) and remembers it. */
export function applyTheme(theme: Theme) {
  const root = document.documentElement;
  root.classList.remove('dark', 'light');
  root.classList.add(theme);
  root.style.colorScheme = theme;
}

const themeSlice = createSlice({
  name: 'theme',
  initialState: { theme: storedTheme() },
  reducers: {
    themeToggled(state) {
      state.theme = state.theme === 'dark' ? 'light' : 'dark';
      writeStored(THEME_STORAGE_KEY, state.theme);
    },
    /** A theme chosen in settings (or brought from the server at sign-in). */
    themeSet(state, action: PayloadAction<Theme>) {
      state.theme = action.payload;
      writeStored(THEME_STORAGE_KEY, state.theme);
    },
  },
});

export const { themeToggled, themeSet } = themeSlice.actions;
export const themeReducer = themeSlice.reducer;
