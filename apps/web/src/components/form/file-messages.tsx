import { Text } from '@mantine/core';

/** Why chosen files were not taken (and the server's refusal), announced as they appear; nothing when none. */
export function FileMessages({ messages }: { messages: readonly string[] }) {
  if (messages.length === 0) return null;
  return (
    <div role="alert">
      {messages.map((message) => (
        <Text key={message} size="sm" c="red.8">
          {message}
        </Text>
      ))}
    </div>
  );
}
