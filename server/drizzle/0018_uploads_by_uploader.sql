CREATE INDEX "uploads_uploaded_by_idx" ON "uploads" USING btree ("uploaded_by");
