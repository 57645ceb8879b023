/**
 * Why a search result matches: its snippet as text, the matching words in <mark> elements.
 * Built from the marks' offsets as React text and elements, never as markup, so whatever a
 * message holds (tags, entities) shows as the characters it is.
 */
import type { SearchMatch } from "../../../../shared/view-types";

export function snippetParts(match: SearchMatch): { text: string; marked: boolean }[] {
  const parts: { text: string; marked: boolean }[] = [];
  let at = 0;
  for (const [start, end] of match.marks) {
    if (start < at || end <= start || end > match.snippet.length) continue; // a mark out of order or place is left unmarked
    if (start > at) parts.push({ text: match.snippet.slice(at, start), marked: false });
    parts.push({ text: match.snippet.slice(start, end), marked: true });
    at = end;
  }
  if (at < match.snippet.length) parts.push({ text: match.snippet.slice(at), marked: false });
  return parts;
}

export function MatchSnippet({ match }: { match: SearchMatch }) {
  return (
    <span className="conversation-row__snippet" data-match-seq={match.seq ?? undefined}>
      {snippetParts(match).map((part, index) => (part.marked ? <mark key={index}>{part.text}</mark> : <span key={index}>{part.text}</span>))}
    </span>
  );
}
