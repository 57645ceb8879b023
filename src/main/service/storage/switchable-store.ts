/**
 * The one store object the service's parts hold, whose store underneath can be changed
 * (This computer ↔ a PostgreSQL server) while the app runs: every call goes to the store
 * in use now. A switch is made only while no run holds a lease (see storage-service.ts).
 */
import type { EntryRecord, HistoryPageRecord, ListOptions, PageOptions, SavedStateInfo, Snapshot, State, StoredHead, StoredRecord, WriteOptions } from "../../agent";
import { Store } from "../../agent";
import { type ConversationStore, unfinishedRuns } from "../conversations/conversation-store";

export class SwitchableStore extends Store implements ConversationStore {
  constructor(private inUse: ConversationStore) {
    super();
  }

  get current(): ConversationStore {
    return this.inUse;
  }

  /** Use `next` from now on; returns the store used until now (the caller closes it). */
  switchTo(next: ConversationStore): ConversationStore {
    const previous = this.inUse;
    this.inUse = next;
    return previous;
  }

  override get storeKey(): string {
    return this.inUse.storeKey;
  }
  override describe(): string {
    return this.inUse.describe();
  }
  override write(stateId: string, entries: EntryRecord[], snapshot: Snapshot | null, options: WriteOptions) {
    return this.inUse.write(stateId, entries, snapshot, options);
  }
  override writeIfCurrent(stateId: string, entries: EntryRecord[], snapshot: Snapshot | null, check: (head: StoredHead | null) => void) {
    return this.inUse.writeIfCurrent(stateId, entries, snapshot, check);
  }
  override read(stateId: string) {
    return this.inUse.read(stateId);
  }
  override readRange(stateId: string, throughSeq: number): Promise<StoredRecord | null> {
    return Promise.resolve(this.inUse.readRange(stateId, throughSeq));
  }
  override readHead(stateId: string) {
    return this.inUse.readHead(stateId);
  }
  // Pages and counts go to the store's own cheap reads: the defaults would read whole histories and lists.
  override readSeqRange(stateId: string, fromSeq: number, toSeq: number) {
    return this.inUse.readSeqRange(stateId, fromSeq, toSeq);
  }
  override readPage(stateId: string, options: PageOptions): Promise<HistoryPageRecord | null> {
    return this.inUse.readPage(stateId, options);
  }
  override list(options?: ListOptions) {
    return this.inUse.list(options);
  }
  override delete(stateId: string) {
    return this.inUse.delete(stateId);
  }
  override acquireLease(stateId: string) {
    return this.inUse.acquireLease(stateId);
  }
  override load(stateId: string): Promise<State> {
    return this.inUse.load(stateId);
  }
  override listConversations(options?: ListOptions) {
    return this.inUse.listConversations(options);
  }
  override listBranches(conversationId: string) {
    return this.inUse.listBranches(conversationId);
  }
  override show(stateId: string, at?: string) {
    return this.inUse.show(stateId, at);
  }
  override deleteConversation(conversationId: string) {
    return this.inUse.deleteConversation(conversationId);
  }
  info(stateId: string) {
    return this.inUse.info(stateId);
  }
  count() {
    return this.inUse.count();
  }
  override search(query: string, options?: { limit?: number; offset?: number }) {
    return this.inUse.search(query, options);
  }
  override searchPage(query: string, options?: { limit?: number; offset?: number }) {
    return this.inUse.searchPage(query, options);
  }
  override searchCount(query: string) {
    return this.inUse.searchCount(query);
  }
  rename(stateId: string, title: string): Promise<SavedStateInfo> {
    return Promise.resolve(this.inUse.rename(stateId, title));
  }
  countConversations() {
    const store = this.inUse;
    return store.countConversations ? store.countConversations() : Promise.resolve(store.listConversations({})).then((rows) => rows.length);
  }
  unfinished(limit: number) {
    return unfinishedRuns(this.inUse, limit);
  }
  close() {
    return this.inUse.close();
  }
}
