-- Click to chat (beyond-the-spec section 5): when staff first opened an appointment's WhatsApp message.
ALTER TABLE "appointments" ADD COLUMN "whatsapp_opened_at" timestamp with time zone;