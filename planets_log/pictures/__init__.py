"""What is drawn from whole records: the self-contained HTML replay."""
