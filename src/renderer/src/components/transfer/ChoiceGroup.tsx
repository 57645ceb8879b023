/** A labelled group of radio buttons. */
export interface ChoiceGroupProps<T extends string> {
  name: string;
  legend: string;
  options: { value: T; label: string }[];
  value: T;
  onChange(value: T): void;
  disabled?: (value: T) => boolean;
}

export function ChoiceGroup<T extends string>({ name, legend, options, value, onChange, disabled }: ChoiceGroupProps<T>) {
  return (
    <fieldset className="choice-group">
      <legend className="choice-group__legend">{legend}</legend>
      {options.map((option) => (
        <label key={option.value} className="choice-group__option">
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={value === option.value}
            disabled={disabled?.(option.value) ?? false}
            onChange={() => onChange(option.value)}
          />
          {option.label}
        </label>
      ))}
    </fieldset>
  );
}
