import { useState } from 'react';

/** First letter of the display name, else of the username, for the avatar fallback. */
export function avatarInitial(displayName?: string | null, username?: string | null): string {
  const source = displayName?.trim() || username?.trim() || '?';
  return (Array.from(source)[0] ?? '?').toUpperCase();
}

interface AvatarProps {
  src?: string | null;
  displayName?: string | null;
  username?: string | null;
  size?: number;
}

/** Profile image, or the first letter of the name when there is none or it fails to load. */
export function Avatar({ src, displayName, username, size = 32 }: AvatarProps) {
  const [failed, setFailed] = useState(false);
  const style = { width: size, height: size, fontSize: Math.round(size * 0.45) };
  if (src && !failed) {
    return (
      <img
        className="avatar"
        src={src}
        alt=""
        width={size}
        height={size}
        style={style}
        loading="lazy"
        onError={() => setFailed(true)}
      />
    );
  }
  return (
    <span className="avatar avatar-fallback" style={style} aria-hidden>
      {avatarInitial(displayName, username)}
    </span>
  );
}
