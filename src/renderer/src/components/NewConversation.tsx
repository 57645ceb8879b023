/** The page of a conversation not started yet: what Alpine can do, and where. */
import { useAppStore } from "../store/app-store";
import { FolderIcon, MountainIcon } from "./icons";

export function NewConversation() {
  const folder = useAppStore((s) => s.settings?.folder ?? null);
  const openSettings = useAppStore((s) => s.setSettingsOpen);
  return (
    <div className="welcome">
      <span className="welcome__mark" aria-hidden="true">
        <MountainIcon />
      </span>
      <h1 className="welcome__title">What shall we work on?</h1>
      <p className="welcome__text">Every step is saved as it happens, so a conversation survives quitting, crashes and restarts.</p>
      <button type="button" className="welcome__folder" onClick={() => openSettings(true)}>
        <FolderIcon />
        {folder ? (
          <span>
            Working folder <code>{folder}</code>: Alpine can read and search it, and asks before writing.
          </span>
        ) : (
          <span>No working folder yet. Choose one in Settings so Alpine can read, search and write files.</span>
        )}
      </button>
    </div>
  );
}
