import { type Static, Type } from 'typebox';

export const StatusMessageType = ['ERROR', 'INFO', 'WARNING'] as const;
export type StatusMessageType = (typeof StatusMessageType)[number];

export const StatusMessage = Type.Object(
  {
    type: Type.Enum(StatusMessageType),
    message: Type.String({ description: 'The Bokmål text' }),
    messageNn: Type.Union([Type.String(), Type.Null()], { description: 'The Nynorsk text; null: show the Bokmål one' }),
  },
  { additionalProperties: false },
);
export type StatusMessage = Static<typeof StatusMessage>;
export const StatusMessageList = Type.Array(StatusMessage);
