/**
 * An MCP server an alpine:// link proposes: exactly the command, its arguments and the
 * environment variables it needs (the person types their values), added only when the person
 * confirms. Nothing runs before: a server starts once added, as one added in Settings.
 */
import { useState } from "react";
import { useAppStore } from "../store/app-store";
import { ConfirmDialog } from "./ConfirmDialog";

export function ProposedServerDialog() {
  const server = useAppStore((s) => s.proposedServer);
  const confirm = useAppStore((s) => s.confirmProposedServer);
  const dismiss = useAppStore((s) => s.dismissProposedServer);
  const [env, setEnv] = useState<Record<string, string>>({});
  if (!server) return null;
  return (
    <ConfirmDialog title={`Add the MCP server “${server.name}”?`} confirmLabel="Add server" onConfirm={() => void confirm(env)} onCancel={dismiss}>
      <p>A link asks to add this server. It would run this program on your computer, with your permissions:</p>
      <dl className="proposed-server">
        <dt>Command</dt>
        <dd>
          <code data-testid="proposed-command">{server.command}</code>
        </dd>
        <dt>Arguments</dt>
        <dd>
          {server.args.length === 0 ? (
            "none"
          ) : (
            <ol data-testid="proposed-args">
              {server.args.map((arg, i) => (
                <li key={i}>
                  <code>{arg}</code>
                </li>
              ))}
            </ol>
          )}
        </dd>
        {server.envNames.length > 0 && <dt>Environment</dt>}
        {server.envNames.map((name) => (
          <dd key={name}>
            <label>
              <code>{name}</code>{" "}
              <input type="password" autoComplete="off" value={env[name] ?? ""} onChange={(event) => setEnv({ ...env, [name]: event.target.value })} />
            </label>
          </dd>
        ))}
      </dl>
      <p>Only add it if you trust where the link came from.</p>
    </ConfirmDialog>
  );
}
