/**
 * The routing API every app uses. Module federation cannot tree-shake a shared package, and
 * react-router 7 ships its data routers, framework mode and server helpers in one module, so the
 * apps share this facade instead: react-router is bundled (tree-shaken) inside it, and there is
 * still exactly one router context on the page. Import from 'shared-ui/router', never from
 * react-router(-dom) directly (ESLint enforces it).
 */
export {
  BrowserRouter,
  Link,
  MemoryRouter,
  Navigate,
  NavLink,
  Outlet,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useParams,
  useResolvedPath,
  useSearchParams,
  type Location,
  type LinkProps,
  type NavLinkProps,
  type NavigateFunction,
} from 'react-router';
export { lazyPage } from './lazyPage';
