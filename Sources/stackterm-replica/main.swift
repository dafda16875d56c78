print("stackterm-replica: placeholder")
