/**
 * A reply's settled blocks in the groups the browser skips while they are off screen (see
 * block-groups.ts). A group renders again only when one of its blocks changed: a block that
 * settles while the reply streams renders its group, not every block of the reply.
 */
import { memo, type ReactElement } from "react";
import { blockGroups } from "./block-groups";
import type { BlockView } from "./block-views";
import { MarkdownBlock } from "./MarkdownBlock";
import { markdownHeight } from "../lib/list-layout/estimate-row-height";

interface GroupProps {
  views: BlockView[];
  /** The group's blocks: views[start] up to views[end], block `from + start` of the reply first. */
  start: number;
  end: number;
  from: number;
}

const BlockGroup = memo(
  function BlockGroup({ views, start, end, from }: GroupProps) {
    const blocks: ReactElement[] = [];
    for (let i = start; i < end; i++) blocks.push(<MarkdownBlock key={from + i} view={views[i]} />);
    // A group that starts inside a long table is drawn as the rest of the table above it (see .markdown__table-rest).
    const className = views[start].continuesTable ? "markdown__group markdown__group--table-rest" : "markdown__group";
    // Its height until it has been on screen is guessed from its blocks' text as the list guesses a row's
    // (see .markdown__group): a row measured while its groups are off screen (a conversation just
    // opened, the view not yet at its end) measures about its guess, and the rows in the page stay.
    const guess = Math.round(markdownHeight(views.slice(start, end).map((view) => view.source).join("\n\n")));
    return (
      <div className={className} data-guess={guess}>
        {blocks}
      </div>
    );
  },
  (a, b) => a.from + a.start === b.from + b.start && a.end - a.start === b.end - b.start && sameViews(a, b),
);

function sameViews(a: GroupProps, b: GroupProps): boolean {
  for (let i = 0; i < a.end - a.start; i++) if (a.views[a.start + i] !== b.views[b.start + i]) return false;
  return true;
}

/** The blocks shown, block `from` of the reply first, in their groups (block-groups.ts). */
export const BlockGroups = memo(function BlockGroups({ views, from }: { views: BlockView[]; from: number }) {
  return blockGroups(views.length, from).map(({ group, start, end }) => <BlockGroup key={group} views={views} start={start} end={end} from={from} />);
});
