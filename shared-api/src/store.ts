import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { useDispatch, useSelector, useStore } from 'react-redux';
import { api } from './api/api';
import { authReducer } from './auth/authSlice';
import { createAuthPersistence } from './auth/persistence';

const rootReducer = combineReducers({
  [api.reducerPath]: api.reducer,
  auth: authReducer,
});

export type RootState = ReturnType<typeof rootReducer>;

/**
 * The product's one store. The shell calls this once at start-up; remotes receive the store
 * through the shared react-redux/shared-api singletons and never create their own.
 * `preloaded` is for tests and harnesses; without it the auth slice starts from localStorage.
 */
export function createAppStore(preloaded?: Partial<RootState>) {
  return configureStore({
    reducer: rootReducer,
    preloadedState: preloaded,
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware().prepend(createAuthPersistence()).concat(api.middleware),
  });
}

export type AppStore = ReturnType<typeof createAppStore>;
export type AppDispatch = AppStore['dispatch'];

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
export const useAppStore = useStore.withTypes<AppStore>();
