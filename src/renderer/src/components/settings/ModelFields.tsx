/** The model and the system prompt every conversation uses. */
export interface ModelFieldsProps {
  model: string;
  onModel(value: string): void;
  systemPrompt: string;
  onSystemPrompt(value: string): void;
}

export function ModelFields({ model, onModel, systemPrompt, onSystemPrompt }: ModelFieldsProps) {
  return (
    <>
      <div className="field">
        <label htmlFor="settings-model" className="field__label">
          Model
        </label>
        <input id="settings-model" className="input" value={model} onChange={(e) => onModel(e.target.value)} spellCheck={false} required maxLength={200} />
      </div>

      <div className="field">
        <label htmlFor="settings-system" className="field__label">
          System prompt
        </label>
        <textarea id="settings-system" className="input input--area" rows={4} value={systemPrompt} onChange={(e) => onSystemPrompt(e.target.value)} maxLength={50_000} />
        <p className="field__note">Tells the model how to behave in every conversation. It applies from the next reply.</p>
      </div>
    </>
  );
}
