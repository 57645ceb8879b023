/**
 * What an `alpine://` link asks of the window, once the service has checked it. A link only
 * ever opens, fills in or proposes: nothing is sent, added or started until the person acts
 * in the window through the app's usual paths.
 */

/** The scheme the app registers with the system (electron-builder `protocols`, app.setAsDefaultProtocolClient). */
export const DEEP_LINK_SCHEME = "alpine";

/** An MCP server a link proposes: what the confirmation shows, exactly as it would run. */
export interface ProposedMcpServer {
  name: string;
  command: string;
  args: string[];
  /** Names only: a link never carries values; the person types them before adding. */
  envNames: string[];
}

export type DeepLinkAction =
  | { kind: "open_conversation"; conversationId: string }
  /** A new conversation with `text` in the composer: never sent until the person sends it. */
  | { kind: "new_conversation"; text: string }
  /** Shown for confirmation; added through the usual "tools:addServer" only when the person confirms. */
  | { kind: "add_mcp_server"; server: ProposedMcpServer }
  /** A bad or hostile link: the window shows why, and nothing else happens. */
  | { kind: "refused"; error: { name: string; message: string } };
