import { SnackbarProvider, useSnackbar, type SnackbarOrigin } from 'notistack';
import { useMemo, type ReactNode } from 'react';

export const TOAST_DEFAULTS = {
  anchorOrigin: { vertical: 'top', horizontal: 'right' } satisfies SnackbarOrigin,
  maxSnack: 3,
  autoHideDuration: 4000,
} as const;

export interface ToastProviderProps {
  children: ReactNode;
}

export function ToastProvider({ children }: ToastProviderProps) {
  return (
    <SnackbarProvider
      anchorOrigin={TOAST_DEFAULTS.anchorOrigin}
      maxSnack={TOAST_DEFAULTS.maxSnack}
      autoHideDuration={TOAST_DEFAULTS.autoHideDuration}
      preventDuplicate
    >
      {children}
    </SnackbarProvider>
  );
}

export interface ToastApi {
  success: (message: string) => void;
  error: (message: string) => void;
  info: (message: string) => void;
}

export function useToast(): ToastApi {
  const { enqueueSnackbar } = useSnackbar();
  return useMemo(
    () => ({
      success: (message) => void enqueueSnackbar(message, { variant: 'success' }),
      error: (message) => void enqueueSnackbar(message, { variant: 'error' }),
      info: (message) => void enqueueSnackbar(message, { variant: 'info' }),
    }),
    [enqueueSnackbar],
  );
}
