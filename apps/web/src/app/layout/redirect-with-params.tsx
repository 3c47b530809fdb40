import { Navigate, useParams, type Params } from 'react-router';

/** Redirects a legacy link (/quests/:id, /perks/:id, /chat/:userId) to its real route. */
export function RedirectWithParams({ to }: { to: (params: Params) => string }) {
  const params = useParams();
  return <Navigate to={to(params)} replace />;
}
