/**
 * The router of every build, re-exported from the kit: the kit is a federation singleton, so all
 * remotes share one router instance, and only these parts of react-router are downloaded.
 * Import routing from here, never from 'react-router' directly (lint enforces it).
 */
export {
  BrowserRouter,
  Link,
  Navigate,
  NavLink,
  Outlet,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
  type NavigateFunction,
} from 'react-router'
