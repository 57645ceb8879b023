import { useAppStore } from "../store/app-store";
import { Sidebar } from "./Sidebar";
import { ConversationPane } from "./ConversationPane";
import { SettingsDialog } from "./SettingsDialog";
import { Toasts } from "./Toasts";
import { ConnectionLostNotice } from "./ConnectionLostNotice";

export function App() {
  const settingsOpen = useAppStore((s) => s.settingsOpen);
  return (
    <div className="app">
      <Sidebar />
      <ConversationPane />
      {settingsOpen && <SettingsDialog />}
      <Toasts />
      <ConnectionLostNotice />
    </div>
  );
}
