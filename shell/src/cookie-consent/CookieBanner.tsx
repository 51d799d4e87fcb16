import { useLayoutEffect, useRef, useState } from 'react';
import Cookies from 'js-cookie';
import styled from 'styled-components';
import { Button } from 'shared-ui';

export const CONSENT_COOKIE = 'cookie_consent';
const CONSENT_DAYS = 365;
/** The banner's distance from the window's edges. */
const BANNER_GAP_PX = 16;

/** Shown until the consent cookie exists; Accept and Close both record consent. */
export function CookieBanner() {
  const [visible, setVisible] = useState(() => Cookies.get(CONSENT_COOKIE) !== 'true');
  const banner = useRef<HTMLDivElement>(null);
  // The page keeps room below its end for the banner, so the last thing on it (Sign Up on a
  // phone) can scroll above the banner instead of staying under it.
  useLayoutEffect(() => {
    const element = banner.current;
    if (!visible || !element) return;
    const reserve = () => {
      document.body.style.paddingBottom = `${element.offsetHeight + 2 * BANNER_GAP_PX}px`;
    };
    reserve();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(reserve);
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      document.body.style.paddingBottom = '';
    };
  }, [visible]);
  if (!visible) return null;

  const consent = () => {
    Cookies.set(CONSENT_COOKIE, 'true', { expires: CONSENT_DAYS, path: '/', sameSite: 'lax' });
    setVisible(false);
  };

  return (
    <Banner ref={banner} role="region" aria-label="Cookie consent">
      <p>
        We use cookies to keep you signed in and to understand how the product is used. By
        continuing you agree to our use of cookies.
      </p>
      <Actions>
        <Button size="sm" onClick={consent}>
          Accept
        </Button>
        <Button size="sm" variant="ghost" onClick={consent} aria-label="Close">
          Close
        </Button>
      </Actions>
    </Banner>
  );
}

const Banner = styled.div`
  position: fixed;
  left: ${BANNER_GAP_PX}px;
  right: ${BANNER_GAP_PX}px;
  bottom: ${BANNER_GAP_PX}px;
  z-index: 50;
  max-width: 720px;
  margin: 0 auto;
  display: flex;
  align-items: center;
  gap: 16px;
  padding: 14px 18px;
  border-radius: 12px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadows.lg};
  p {
    margin: 0;
    flex: 1;
    font-size: 14px;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  @media (max-width: ${({ theme }) => theme.breakpoints.mobile}) {
    flex-direction: column;
    align-items: stretch;
  }
`;

const Actions = styled.div`
  display: flex;
  gap: 8px;
  justify-content: flex-end;
`;
