import { useAppStore } from "../store/app-store";
import { Sidebar } from "./Sidebar";
import { ConversationPane } from "./ConversationPane";
import { SettingsDialog } from "./SettingsDialog";
import { TransferDialog } from "./TransferDialog";
import { Toasts } from "./Toasts";
import { ConnectionLostNotice } from "./ConnectionLostNotice";
import { StorageBanner } from "./StorageBanner";
import { NewMessageAnnouncer } from "./conversation-pane/NewMessageAnnouncer";
import { BundleDrop } from "./BundleDrop";
import { ProposedServerDialog } from "./ProposedServerDialog";

export function App() {
  const settingsOpen = useAppStore((s) => s.settingsOpen);
  const transferOpen = useAppStore((s) => s.transferOpen);
  return (
    <div className="app">
      <Sidebar />
      <ConversationPane />
      {settingsOpen && <SettingsDialog />}
      {transferOpen && <TransferDialog />}
      <Toasts />
      <ConnectionLostNotice />
      <StorageBanner />
      <NewMessageAnnouncer />
      <BundleDrop />
      <ProposedServerDialog />
    </div>
  );
}
