/**
 * An MCP server an alpine:// link proposes: exactly the command, its arguments and the
 * environment variables it needs (the person types their values), added only when the person
 * confirms. Nothing runs before: a server starts once added, as one added in Settings.
 */
import { useState } from "react";
import { useAppStore } from "../store/app-store";
import { ConfirmDialog } from "./ConfirmDialog";
import { useTranslation } from "../i18n/react";

export function ProposedServerDialog() {
  const server = useAppStore((s) => s.proposedServer);
  const confirm = useAppStore((s) => s.confirmProposedServer);
  const dismiss = useAppStore((s) => s.dismissProposedServer);
  const [env, setEnv] = useState<Record<string, string>>({});
  const { t } = useTranslation();
  if (!server) return null;
  return (
    <ConfirmDialog title={t("dialog.proposedServer.title", { name: server.name })} confirmLabel={t("dialog.proposedServer.confirm")} onConfirm={() => void confirm(env)} onCancel={dismiss}>
      <p>{t("dialog.proposedServer.intro")}</p>
      <dl className="proposed-server">
        <dt>{t("dialog.proposedServer.command")}</dt>
        <dd>
          <code data-testid="proposed-command">{server.command}</code>
        </dd>
        <dt>{t("dialog.proposedServer.arguments")}</dt>
        <dd>
          {server.args.length === 0 ? (
            t("dialog.proposedServer.noArguments")
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
        {server.envNames.length > 0 && <dt>{t("dialog.proposedServer.environment")}</dt>}
        {server.envNames.map((name) => (
          <dd key={name}>
            <label>
              <code>{name}</code>{" "}
              <input type="password" autoComplete="off" value={env[name] ?? ""} onChange={(event) => setEnv({ ...env, [name]: event.target.value })} />
            </label>
          </dd>
        ))}
      </dl>
      <p>{t("dialog.proposedServer.trust")}</p>
    </ConfirmDialog>
  );
}
