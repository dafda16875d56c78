print("stackterm: placeholder")
