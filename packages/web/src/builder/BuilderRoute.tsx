import { Navigate, useParams, useSearchParams } from 'react-router-dom';
import { ComingSoon } from '../shell/ComingSoon';
import { BuilderPage } from './BuilderPage';
import { parseBuilderRoute } from './route';
import { isContestType, isSport } from './route';

/** /optimizer/{contestType}/{sport}/{site}/{slate} and /optimizer/{sport}/{site}/{slate}. */
export function BuilderRoute() {
  const params = useParams();
  const [query] = useSearchParams();
  const parsed = parseBuilderRoute(params, query, Date.now());
  if (parsed.kind === 'redirect') return <Navigate to={parsed.to} replace />;
  if (parsed.kind === 'invalid') {
    return <ComingSoon title="Lineup builder not found" detail="We do not have a builder for this sport and site. Pick one from the Lineup Builder menu." />;
  }
  return <BuilderPage slate={parsed.ref} />;
}

/** /optimizer/nfl/dk and friends redirect to the default slate (time.ts picks it). */
export function BuilderDefaultSlate() {
  const { sport, site } = useParams();
  if (isContestType(sport) && isSport(site)) return <Navigate to={`/optimizer/${sport}/${site}/dk/Main`} replace />;
  return <Navigate to={`/optimizer/classic/${sport}/${site}/Main`} replace />;
}
