/**
 * Whether Nest must parse a message's pattern as JSON to find its handler. Nest's servers run
 * `JSON.parse` on every incoming pattern and, for a subject such as `live.chatters`, throw and
 * catch a SyntaxError per message; that was 6 % of a gateway's CPU on the chat path. A subject
 * (a dotted name starting with a letter) is its own route, as Nest would find after the throw.
 */
export function isJsonPattern(pattern: string): boolean {
  return (
    !/^[a-z_]/i.test(pattern) || pattern === 'true' || pattern === 'false' || pattern === 'null'
  );
}
