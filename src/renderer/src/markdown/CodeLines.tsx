/**
 * Code shown as plain text, in groups of lines that are each a block of their own: adding to
 * the last group lays out that group alone, not every line above it (one text of thousands
 * of lines would be laid out again whole at each frame). For a block still being written and
 * for one too long to highlight.
 */
import { memo } from "react";
import { lineGroups } from "./line-groups";

const CodeGroup = memo(function CodeGroup({ text }: { text: string }) {
  return <span className="code-block__lines">{text}</span>;
});

/** Code already cut in groups: a group that did not change is the same string, so it is not rendered again. */
export function CodeGroups({ groups }: { groups: readonly string[] }) {
  return (
    <code>
      {groups.map((group, i) => (
        <CodeGroup key={i} text={group} />
      ))}
    </code>
  );
}

export function CodeLines({ text }: { text: string }) {
  return <CodeGroups groups={lineGroups(text)} />;
}
