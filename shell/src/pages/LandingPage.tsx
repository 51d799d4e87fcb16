import { Link } from 'shared-ui/router';
import styled from 'styled-components';
import { Button, Logo, ThemeToggle } from 'shared-ui';

/** Public landing: Login and Signup links; Get Started has no behaviour. */
export default function LandingPage() {
  return (
    <Page>
      <Nav>
        <Logo />
        <NavLinks>
          <ThemeToggle />
          <Button as={Link} to="/auth/login" variant="ghost">
            Login
          </Button>
          <Button as={Link} to="/auth/signup">
            Signup
          </Button>
        </NavLinks>
      </Nav>
      <Hero>
        <h1>Smarter connections, better insights, endless opportunities.</h1>
        <p>Earn while promoting businesses or promote your own business.</p>
        <Button size="md">Get Started</Button>
      </Hero>
    </Page>
  );
}

const Page = styled.div`
  min-height: 100vh;
  display: flex;
  flex-direction: column;
`;

const Nav = styled.header`
  display: flex;
  align-items: center;
  justify-content: space-between;
  padding: 20px 32px;
  @media (max-width: ${({ theme }) => theme.breakpoints.mobile}) {
    padding: 12px 16px;
  }
`;

const NavLinks = styled.nav`
  display: flex;
  align-items: center;
  gap: 8px;
`;

const Hero = styled.main`
  flex: 1;
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  text-align: center;
  gap: 16px;
  padding: 32px 16px 96px;
  h1 {
    max-width: 760px;
    margin: 0;
    font-size: clamp(28px, 5vw, 48px);
    line-height: 1.15;
  }
  p {
    margin: 0 0 8px;
    font-size: 18px;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;
