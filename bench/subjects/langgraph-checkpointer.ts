/**
 * The comparison for PostgreSQL storage: LangGraph's own PostgreSQL checkpointer
 * (@langchain/langgraph-checkpoint-postgres), as its documentation sets it up, under a
 * one-node chat graph (MessagesAnnotation) whose node answers with the reply given. Each turn
 * is one invoke with the person's message on one thread, as a LangGraph chat app saves it.
 */
import { AIMessage, HumanMessage } from "@langchain/core/messages";
import { END, MessagesAnnotation, START, StateGraph } from "@langchain/langgraph";
import { PostgresSaver } from "@langchain/langgraph-checkpoint-postgres";

export interface LangGraphThread {
  /** One turn: the person's message in, `reply` out, checkpointed. */
  turn(message: string, reply: string): Promise<void>;
  close(): Promise<void>;
}

export async function langGraphThread(url: string, schema: string): Promise<LangGraphThread> {
  const saver = PostgresSaver.fromConnString(url, { schema });
  await saver.setup();
  let nextReply = "";
  const graph = new StateGraph(MessagesAnnotation)
    .addNode("model", async () => ({ messages: [new AIMessage(nextReply)] }))
    .addEdge(START, "model")
    .addEdge("model", END)
    .compile({ checkpointer: saver });
  const config = { configurable: { thread_id: "conversation" } };
  return {
    async turn(message, reply) {
      nextReply = reply;
      await graph.invoke({ messages: [new HumanMessage(message)] }, config);
    },
    async close() {
      await saver.end();
    },
  };
}
