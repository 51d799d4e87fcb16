import { useRef } from 'react';
import { Link, Outlet, useLocation } from 'shared-ui/router';
import styled from 'styled-components';
import { Logo, ThemeToggle, useToastClearance } from 'shared-ui';
import { promptFor } from './authPrompts';
import { BannerCarousel } from './BannerCarousel';

/** Brand panel (one third) beside the form area (two thirds); they stack on small screens. */
export function AuthLayout() {
  const prompt = promptFor(useLocation().pathname);
  const topBar = useRef<HTMLElement>(null);
  useToastClearance(topBar);
  return (
    <Grid>
      <BrandPanel>
        {/* The name starts with the logo's visible word, so voice control users can say it. */}
        <Link to="/" aria-label="Advocately home">
          <Logo />
        </Link>
        <BannerCarousel />
      </BrandPanel>
      <FormArea>
        <TopBar ref={topBar}>
          {prompt && (
            <span>
              {prompt.text} <Link to={prompt.to}>{prompt.linkLabel}</Link>
            </span>
          )}
          <ThemeToggle />
        </TopBar>
        <FormSlot>
          <Outlet />
        </FormSlot>
        {/* Drawn inline, not as an image file: it appears with the layout, without a request of
            its own, and as a decoration it never stands as the page's largest content. */}
        <Decoration viewBox="0 0 1200 120" preserveAspectRatio="none" aria-hidden="true">
          <path d="M0 80 C 200 20, 400 120, 600 70 S 1000 20, 1200 60 V120 H0z" opacity=".18" />
          <path d="M0 95 C 250 50, 450 130, 700 90 S 1050 60, 1200 90 V120 H0z" opacity=".28" />
        </Decoration>
      </FormArea>
    </Grid>
  );
}

const Grid = styled.div`
  display: grid;
  grid-template-columns: 1fr 2fr;
  min-height: 100vh;
  @media (max-width: ${({ theme }) => theme.breakpoints.tablet}) {
    grid-template-columns: 1fr;
    /* Stacked, the panel keeps its own height and the form takes the rest: stretched rows would
       share the screen by content, so the panel jumped each time the form area changed. */
    grid-template-rows: auto 1fr;
  }
`;

const BrandPanel = styled.aside`
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: 40px;
  padding: 40px 32px;
  background: ${({ theme }) => theme.colors.surfaceAlt};
  border-right: 1px solid ${({ theme }) => theme.colors.border};
  > a {
    align-self: flex-start;
  }
  @media (max-width: ${({ theme }) => theme.breakpoints.tablet}) {
    border-right: 0;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    padding: 20px;
    gap: 20px;
    figure {
      max-width: 220px;
    }
  }
  /* On a phone the form comes first: the decorative banners would push it below the fold. */
  @media (max-width: ${({ theme }) => theme.breakpoints.mobile}) {
    figure {
      display: none;
    }
  }
`;

const FormArea = styled.main`
  position: relative;
  display: flex;
  flex-direction: column;
  min-height: 100%;
  overflow: hidden;
`;

const TopBar = styled.header`
  display: flex;
  justify-content: flex-end;
  align-items: center;
  gap: 16px;
  padding: 20px 32px;
  color: ${({ theme }) => theme.colors.textMuted};
  a {
    color: ${({ theme }) => theme.colors.primary};
    font-weight: 600;
    text-decoration: none;
  }
  @media (max-width: ${({ theme }) => theme.breakpoints.mobile}) {
    padding: 12px 16px;
    font-size: 14px;
  }
`;

const FormSlot = styled.div`
  flex: 1;
  display: flex;
  justify-content: center;
  padding: 16px 32px 120px;
  > * {
    width: 100%;
    max-width: 460px;
  }
  @media (max-width: ${({ theme }) => theme.breakpoints.mobile}) {
    padding: 8px 16px 96px;
  }
`;

const Decoration = styled.svg`
  fill: #6d5dfc;
  position: absolute;
  left: 0;
  right: 0;
  bottom: 0;
  width: 100%;
  height: 96px;
  pointer-events: none;
`;
