import { configureStore } from '@reduxjs/toolkit';
import { apiSlice } from './api-slice';
import { themeReducer } from '../features/theme/theme-slice';

export function createStore() {
  return configureStore({
    reducer: { [apiSlice.reducerPath]: apiSlice.reducer, theme: themeReducer },
    middleware: (getDefault) => getDefault().concat(apiSlice.middleware),
  });
}

export const store = createStore();

export type AppStore = ReturnType<typeof createStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];
