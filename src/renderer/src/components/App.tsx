import { useAppStore } from "../store/app-store";
import { Sidebar } from "./Sidebar";
import { ConversationPane } from "./ConversationPane";
import { SettingsDialog } from "./SettingsDialog";
import { Toasts } from "./Toasts";

export function App() {
  const settingsOpen = useAppStore((s) => s.settingsOpen);
  return (
    <div className="app">
      <Sidebar />
      <ConversationPane />
      {settingsOpen && <SettingsDialog />}
      <Toasts />
    </div>
  );
}
