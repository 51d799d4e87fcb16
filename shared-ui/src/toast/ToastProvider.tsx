import { SnackbarProvider, useSnackbar, type SnackbarOrigin } from 'notistack';
import { useEffect, useMemo, type ReactNode, type RefObject } from 'react';
import { createGlobalStyle } from 'styled-components';

export const TOAST_DEFAULTS = {
  anchorOrigin: { vertical: 'top', horizontal: 'right' } satisfies SnackbarOrigin,
  maxSnack: 3,
  autoHideDuration: 4000,
} as const;

export interface ToastProviderProps {
  children: ReactNode;
}

/** Height of the bar at the top of the page (the header, the sign-in top bar), in px. */
export const TOP_BAR_HEIGHT_VAR = '--app-top-bar-height';
const CONTAINER_CLASS = 'app-toasts';

// Toasts sit top-right, under the page's top bar rather than over its buttons and links. Two
// classes outrank notistack's own one-class rule for the container's position.
const ToastPlacement = createGlobalStyle`
  .notistack-SnackbarContainer.${CONTAINER_CLASS} {
    top: calc(var(${TOP_BAR_HEIGHT_VAR}, 0px) + 8px);
  }
`;

export function ToastProvider({ children }: ToastProviderProps) {
  return (
    <SnackbarProvider
      anchorOrigin={TOAST_DEFAULTS.anchorOrigin}
      maxSnack={TOAST_DEFAULTS.maxSnack}
      autoHideDuration={TOAST_DEFAULTS.autoHideDuration}
      classes={{ containerRoot: CONTAINER_CLASS }}
      preventDuplicate
    >
      <ToastPlacement />
      {children}
    </SnackbarProvider>
  );
}

/**
 * Keeps toasts clear of `bar` while it is mounted: when the bar starts at the top of the page
 * (the signed-in header, the sign-in top bar on wide screens), its height, wrapping included,
 * becomes the toasts' top offset. A bar further down (under the stacked sign-in banner on
 * phones) is out of the toasts' way already.
 */
export function useToastClearance(bar: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const element = bar.current;
    if (!element) return undefined;
    const root = document.documentElement;
    const update = () => {
      const box = element.getBoundingClientRect();
      const atTop = box.top + window.scrollY < 4;
      root.style.setProperty(TOP_BAR_HEIGHT_VAR, `${atTop ? Math.round(box.height) : 0}px`);
    };
    update();
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(update) : null;
    observer?.observe(element);
    window.addEventListener('resize', update);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', update);
      root.style.removeProperty(TOP_BAR_HEIGHT_VAR);
    };
  }, [bar]);
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
