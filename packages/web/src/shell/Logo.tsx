import { Link } from 'react-router-dom';

export function Logo() {
  return (
    <Link to="/" className="ss-logo" aria-label="Stacksmith home">
      <svg width="28" height="28" viewBox="0 0 32 32" aria-hidden>
        <rect width="32" height="32" rx="7" fill="#1f6feb" />
        <path d="M8 21h16v3H8zm2-6h12v3H10zm3-6h6v3h-6z" fill="#fff" />
      </svg>
      <span>Stacksmith</span>
    </Link>
  );
}
