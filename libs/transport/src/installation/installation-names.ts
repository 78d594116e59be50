/**
 * An installation's names on a shared NATS server: every subject, JetStream stream and durable
 * consumer carries INSTALLATION_PREFIX, so two installations (or a test run beside a running one)
 * never answer, store or consume each other's messages. Contracts name subjects without it; the
 * adapters add it on the way out and take it off on the way in.
 */
export function subjectIn(prefix: string | undefined, subject: string): string {
  return prefix ? `${prefix}.${subject}` : subject;
}

/** `subject` as the contracts name it, without the installation's prefix. */
export function subjectOutside(prefix: string | undefined, subject: string): string {
  return prefix && subject.startsWith(`${prefix}.`) ? subject.slice(prefix.length + 1) : subject;
}

/** A stream or durable consumer name; JetStream names allow no dots. */
export function nameIn(prefix: string | undefined, name: string): string {
  return prefix ? `${prefix}_${name}` : name;
}
