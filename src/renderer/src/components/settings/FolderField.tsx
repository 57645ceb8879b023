/** The working folder of the file tools: typed, or chosen with the native picker. */
import { FolderIcon } from "../icons";

export interface FolderFieldProps {
  value: string;
  onChange(value: string): void;
  busy: boolean;
  onChoose(): void;
}

export function FolderField({ value, onChange, busy, onChoose }: FolderFieldProps) {
  return (
    <div className="field">
      <label htmlFor="settings-folder" className="field__label">
        Working folder
      </label>
      <div className="field__row">
        <input
          id="settings-folder"
          className="input"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          placeholder="No folder: the file tools are off"
          spellCheck={false}
          maxLength={4096}
        />
        <button type="button" className="button button--secondary" onClick={onChoose} disabled={busy}>
          <FolderIcon />
          Choose…
        </button>
      </div>
      <p className="field__note">Alpine can list, read and search files here. It asks you before writing anything.</p>
    </div>
  );
}
