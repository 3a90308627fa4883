import { Navigate, useLocation } from 'react-router-dom';
import { HomePage } from '../HomePage';
import { EMBEDDED_BUILD, embeddedRedirect } from './embedded';

/** '/': the home page, or in the embedded build the NFL dk Main optimizer. */
export function HomeRoute() {
  const location = useLocation();
  return EMBEDDED_BUILD ? <Navigate to={embeddedRedirect(location.search)} replace /> : <HomePage />;
}
