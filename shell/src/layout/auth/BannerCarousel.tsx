import { useEffect, useState } from 'react';
import styled from 'styled-components';
import banner1 from '../../assets/banner-1.svg';
import banner2 from '../../assets/banner-2.svg';
import banner3 from '../../assets/banner-3.svg';

export const BANNER_IMAGES = [
  { src: banner1, alt: 'Smarter connections' },
  { src: banner2, alt: 'Better insights' },
  { src: banner3, alt: 'Endless opportunities' },
];
export const BANNER_INTERVAL_MS = 6000;
/** The banners' intrinsic size (their viewBox): with it the page reserves their square before
 * they load, so nothing below them moves when they arrive. */
const BANNER_SIZE = 400;

/** Rotates through the banner images in a loop; purely decorative, no links. */
export function BannerCarousel() {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    const timer = setInterval(
      () => setIndex((current) => (current + 1) % BANNER_IMAGES.length),
      BANNER_INTERVAL_MS,
    );
    return () => clearInterval(timer);
  }, []);
  const image = BANNER_IMAGES[index];
  return (
    <Frame aria-roledescription="carousel">
      <img src={image.src} alt={image.alt} width={BANNER_SIZE} height={BANNER_SIZE} />
      <Dots aria-hidden="true">
        {BANNER_IMAGES.map((item, i) => (
          <span key={item.alt} data-active={i === index} />
        ))}
      </Dots>
    </Frame>
  );
}

const Frame = styled.figure`
  margin: 0;
  width: 100%;
  max-width: 360px;
  img {
    width: 100%;
    height: auto;
    display: block;
    border-radius: 24px;
    box-shadow: ${({ theme }) => theme.shadows.lg};
  }
`;

const Dots = styled.div`
  display: flex;
  justify-content: center;
  gap: 6px;
  margin-top: 16px;
  span {
    width: 8px;
    height: 8px;
    border-radius: 50%;
    /* The border colour vanished on the light panel; muted text stands out in both themes. */
    background: ${({ theme }) => theme.colors.textMuted};
    transition: background 0.3s;
  }
  span[data-active='true'] {
    background: ${({ theme }) => theme.colors.primary};
    width: 20px;
    border-radius: 4px;
  }
`;
